import { Button, Card, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { ruleOperations, treatments, type RuleOperation } from '@brizo/contract/entities/entitlements';
import {
  emptyCondition,
  emptyRule,
  textOf,
  valueKindOf,
  valueLabels,
  type ConditionDraft,
  type RuleDraft,
} from './rule-values';

const operationChoices = ruleOperations.map((op) => ({ value: op, label: op.replaceAll('_', ' ') }));
const treatmentChoices = treatments.map((value) => ({ value, label: value }));

/** One condition: attribute, operation, its value in the operation's shape, and negate. */
function ConditionFields({
  label,
  draft,
  onChange,
  onRemove,
}: {
  label: string;
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const kind = valueKindOf[draft.op];
  const [firstLabel, secondLabel] = valueLabels[kind];
  const type =
    kind === 'date' || kind === 'dateRange'
      ? 'date'
      : kind === 'number' || kind === 'numberRange'
        ? 'number'
        : 'text';
  return (
    <Group align="flex-end" gap="xs" wrap="wrap" aria-label={label} role="group">
      <TextInput
        label="Attribute"
        placeholder="email, jwt.roles, frontegg.tenantId"
        value={draft.attribute}
        onChange={(event) => onChange({ ...draft, attribute: event.currentTarget.value })}
      />
      <Select
        label="Operation"
        data={operationChoices}
        value={draft.op}
        allowDeselect={false}
        onChange={(value) => {
          const op = (value ?? 'in_list') as RuleOperation;
          // Another shape: keep what still fits (a list stays a list), else start empty.
          const keeps = valueKindOf[op] === kind;
          onChange({ ...draft, op, ...(keeps ? {} : textOf(op, {})) });
        }}
      />
      {kind === 'boolean' ? (
        <Select
          label={firstLabel}
          data={['true', 'false']}
          value={draft.first || 'true'}
          allowDeselect={false}
          onChange={(value) => onChange({ ...draft, first: value ?? 'true' })}
        />
      ) : (
        <TextInput
          type={type}
          label={firstLabel}
          value={draft.first}
          onChange={(event) => onChange({ ...draft, first: event.currentTarget.value })}
        />
      )}
      {secondLabel ? (
        <TextInput
          type={type}
          label={secondLabel}
          value={draft.second}
          onChange={(event) => onChange({ ...draft, second: event.currentTarget.value })}
        />
      ) : null}
      <Checkbox
        label="Negate"
        checked={draft.negate}
        onChange={(event) => onChange({ ...draft, negate: event.currentTarget.checked })}
        mb={8}
      />
      <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove
      </Button>
    </Group>
  );
}

/**
 * Targeting rules (SPEC section 5): the first rule whose conditions all hold gives its treatment.
 * Each condition's value takes the shape its operation needs (rule-values.ts).
 */
export function RulesEditor({
  rules,
  onChange,
}: {
  rules: RuleDraft[];
  onChange: (rules: RuleDraft[]) => void;
}) {
  const setRule = (index: number, rule: RuleDraft) =>
    onChange(rules.map((item, at) => (at === index ? rule : item)));
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        Rules
      </Text>
      {rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          No rules: the default treatment applies to everyone.
        </Text>
      ) : null}
      {rules.map((rule, index) => (
        <Card key={index} withBorder padding="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Select
                label={`Rule ${index + 1} gives`}
                data={treatmentChoices}
                value={rule.treatment}
                allowDeselect={false}
                w={160}
                onChange={(value) =>
                  setRule(index, { ...rule, treatment: value === 'false' ? 'false' : 'true' })
                }
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => onChange(rules.filter((_item, at) => at !== index))}
              >
                {`Remove rule ${index + 1}`}
              </Button>
            </Group>
            {rule.conditions.map((condition, at) => (
              <ConditionFields
                key={at}
                label={`Rule ${index + 1}, condition ${at + 1}`}
                draft={condition}
                onChange={(next) =>
                  setRule(index, {
                    ...rule,
                    conditions: rule.conditions.map((item, position) => (position === at ? next : item)),
                  })
                }
                onRemove={() =>
                  setRule(index, {
                    ...rule,
                    conditions: rule.conditions.filter((_item, position) => position !== at),
                  })
                }
              />
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  setRule(index, { ...rule, conditions: [...rule.conditions, emptyCondition()] })
                }
              >
                Add condition
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...rules, emptyRule()])}>
          Add rule
        </Button>
      </Group>
    </Stack>
  );
}
