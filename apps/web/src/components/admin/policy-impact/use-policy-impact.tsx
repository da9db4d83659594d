import {
  policyPreviewRequestSchema,
  type PolicyPreviewRequest,
} from '@brizo/contract/entities/policy-preview';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { policyPreviewErrorCodes, requestErrorCodes } from '@brizo/contract/error-codes';
import { errorMessage } from '../../../sdk/admin/api-error';
import { usePolicyPreviewApi } from '../../../sdk/admin/policy-preview';
import { useCan } from '..';
import { errorCodeOf } from '../use-submit';
import {
  IMPACT_PAGE_SIZE,
  PolicyImpactDialog,
  type ImpactDialogState,
  type ImpactSection,
} from './policy-impact-dialog';

/** A policy to preview: its name in the dialog, and the policy as the form would save it. */
export interface ImpactCheck {
  title: string;
  request: PolicyPreviewRequest;
}

/**
 * What became of a save that asked first: `none` when nobody is affected (or nothing could be asked),
 * so the form saves as it always did; `confirmed` when the administrator read the impact and went on;
 * `cancelled` when they stopped.
 */
export type ImpactDecision = 'none' | 'confirmed' | 'cancelled';

export interface PolicyImpact {
  /** Whether this viewer can be shown a preview (not in preview mode, and allowed to read the policies). */
  available: boolean;
  /** Before a save: the dialog only when someone, or the administrator themself, is affected. */
  review: (checks: ImpactCheck[], confirmLabel: string) => Promise<ImpactDecision>;
  /** The impact of the settings as they stand in the form, without saving. */
  show: (checks: ImpactCheck[]) => void;
  /** While a review reads its first pages (the save button waits). */
  checking: boolean;
  /** The dialog: render it once, anywhere in the form. */
  dialog: ReactNode;
}

/** Reading the preview needs the read permission of the security policy (as the server checks it). */
const READ = 'fe.secure.read.securityPolicy';

const sectionOf = (check: ImpactCheck): ImpactSection => ({
  title: check.title,
  kind: check.request.kind,
  request: check.request,
  page: 1,
  answer: null,
  loading: true,
  error: null,
});

/**
 * The server's refusals of the policy itself (an address that is none): the save would be refused the
 * same way, and its message says what to fix, so such a policy is saved (and refused) without a preview.
 */
const refusedPolicy = new Set<string>([policyPreviewErrorCodes.invalidPolicy, requestErrorCodes.validation]);

/** Whether a previewed policy affects anyone, the administrator included, or could not be previewed. */
const matters = (section: ImpactSection & { refused?: boolean }) =>
  section.refused !== true &&
  (section.error !== null ||
    (section.answer !== null &&
      (section.answer.affectedCount > 0 || section.answer.self?.affected === true)));

/**
 * The policy impact preview of a form (issue 14): read through the SDK's client, one call per policy
 * and page, and shown in one dialog. Each form decides which of its policies a save would change.
 */
export function usePolicyImpact(): PolicyImpact {
  const api = usePolicyPreviewApi();
  const mayRead = useCan(READ);
  const [state, setState] = useState<ImpactDialogState | null>(null);
  const [checking, setChecking] = useState(false);
  const decide = useRef<((decision: ImpactDecision) => void) | null>(null);
  const opened = useRef(0);
  const available = api !== null && mayRead;

  /** One page of a section, as the changes to make to it. */
  const read = useCallback(
    async (section: ImpactSection, page: number): Promise<Partial<ImpactSection> & { refused?: boolean }> => {
      if (!api) return { loading: false };
      try {
        const answer = await api.preview({
          ...section.request,
          offset: (page - 1) * IMPACT_PAGE_SIZE,
          limit: IMPACT_PAGE_SIZE,
        });
        return { page, answer, loading: false, error: null };
      } catch (error) {
        return {
          loading: false,
          error: errorMessage(error) ?? 'Unknown error occurred',
          refused: refusedPolicy.has(errorCodeOf(error) ?? ''),
        };
      }
    },
    [api],
  );

  const firstPages = (checks: ImpactCheck[]) =>
    Promise.all(
      checks.map(async (check) => {
        const section = sectionOf(check);
        return { ...section, ...(await read(section, 1)) };
      }),
    );

  const open = (mode: ImpactDialogState['mode'], confirmLabel: string, sections: ImpactSection[]) => {
    opened.current += 1;
    setState({ id: opened.current, mode, confirmLabel, sections });
    return opened.current;
  };

  /** Changes one section of the dialog `id`, unless another dialog has opened since. */
  const update = (id: number, index: number, changes: Partial<ImpactSection>) =>
    setState((current) =>
      current?.id === id
        ? {
            ...current,
            sections: current.sections.map((entry, at) => (at === index ? { ...entry, ...changes } : entry)),
          }
        : current,
    );

  const review: PolicyImpact['review'] = async (checks, confirmLabel) => {
    // A policy the server would refuse to save (a number out of range) is not previewed: the save then
    // says what is wrong with it, as it always did.
    const valid = checks.filter((check) => policyPreviewRequestSchema.safeParse(check.request).success);
    if (!available || valid.length === 0) return 'none';
    setChecking(true);
    let sections: (ImpactSection & { refused?: boolean })[];
    try {
      sections = await firstPages(valid);
    } finally {
      setChecking(false);
    }
    if (!sections.some(matters)) return 'none';
    return new Promise<ImpactDecision>((resolve) => {
      decide.current = resolve;
      open(
        'confirm',
        confirmLabel,
        sections.map(({ refused: _refused, ...section }) => section),
      );
    });
  };

  const show: PolicyImpact['show'] = (checks) => {
    if (!available || checks.length === 0) return;
    const sections = checks.map(sectionOf);
    const id = open('view', '', sections);
    sections.forEach((section, index) => {
      void read(section, 1).then((changes) => update(id, index, changes));
    });
  };

  const close = (decision: ImpactDecision) => {
    setState(null);
    decide.current?.(decision);
    decide.current = null;
  };

  const turnPage = (index: number, page: number) => {
    const section = state?.sections[index];
    if (!state || !section) return;
    update(state.id, index, { loading: true, page });
    void read(section, page).then((changes) => update(state.id, index, changes));
  };

  return {
    available,
    review,
    show,
    checking,
    dialog: (
      <PolicyImpactDialog
        state={state}
        onPage={turnPage}
        onConfirm={() => close('confirmed')}
        onClose={() => close('cancelled')}
      />
    ),
  };
}
