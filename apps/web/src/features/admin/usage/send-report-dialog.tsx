import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/admin';
import type { ReportFilterValues, ReportRecord, ReportSent, ReportsApi } from '../../../sdk/admin/reports';
import { ReportFilterFields } from './report-filter-fields';
import { MAX_RECIPIENTS, parseRecipients, recipientsProblem } from './schedule-form';

const fieldOf = { 'ER-REPORTS-INVALID-RECIPIENTS': 'recipients' } as const;

/** Mails the report now to members of the account (the server refuses anyone else). */
export function SendReportDialog({
  record,
  filters: initialFilters,
  reports,
  onSent,
  onClose,
}: {
  record: ReportRecord;
  filters: ReportFilterValues;
  reports: ReportsApi;
  onSent: (sent: ReportSent) => void;
  onClose: () => void;
}) {
  const [recipients, setRecipients] = useState(record.recipients.join(', '));
  const [filters, setFilters] = useState(initialFilters);
  const [problem, setProblem] = useState<string | null>(null);
  const submission = useSubmit(async (to: string[]) => {
    onSent(await reports.send(record.id, to, filters));
  }, fieldOf);

  const submit = () => {
    const found = recipientsProblem(recipients, true);
    setProblem(found);
    if (found) return submission.clear();
    void submission.run(parseRecipients(recipients).emails);
  };

  return (
    <FormDialog
      title={`Send ${record.name}`}
      formLabel={`Send ${record.name}`}
      submission={submission}
      closeLabel="Close without sending"
      submitLabel="Send report"
      noValidate
      onSubmit={submit}
      onClose={onClose}
    >
      <Textarea
        label="Recipients"
        description={`Members of this account, separated by commas (at most ${MAX_RECIPIENTS}).`}
        placeholder="name@company.com"
        rows={3}
        required
        value={recipients}
        onChange={(event) => setRecipients(event.currentTarget.value)}
        error={problem ?? submission.fieldErrors.recipients}
        data-autofocus
      />
      <ReportFilterFields record={record} value={filters} onChange={setFilters} />
    </FormDialog>
  );
}
