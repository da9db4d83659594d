import { NativeSelect, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/admin';
import type { ReportInterval, ReportRecord, ReportsApi, ScheduleInput } from '../../../sdk/admin/reports';
import { periodOptions } from './report-filter-fields';
import {
  browserTimeZone,
  checkScheduleForm,
  MAX_RECIPIENTS,
  scheduleFormOf,
  timeZones,
  weekdays,
  type ScheduleField,
  type ScheduleForm,
} from './schedule-form';

const intervals: Array<{ value: ReportInterval; label: string }> = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'custom', label: 'Custom (cron)' },
];
const daysOfMonth = Array.from({ length: 28 }, (_, index) => String(index + 1));
const fieldOf: Readonly<Partial<Record<string, ScheduleField>>> = {
  'ER-REPORTS-INVALID-SCHEDULE': 'cron',
  'ER-REPORTS-INVALID-RECIPIENTS': 'recipients',
};

/** When and to whom the report is mailed: an interval and time in a time zone, or a cron. */
export function ScheduleReportDialog({
  record,
  reports,
  onSaved,
  onClose,
}: {
  record: ReportRecord;
  reports: ReportsApi;
  onSaved: (saved: ReportRecord) => void;
  onClose: () => void;
}) {
  const [form, setForm] = useState<ScheduleForm>(() => scheduleFormOf(record, browserTimeZone()));
  const [errors, setErrors] = useState<Partial<Record<ScheduleField, string>>>({});
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(form.tz) ? all : [form.tz, ...all];
  }, [form.tz]);
  const submission = useSubmit<ScheduleInput, ScheduleField>(async (input) => {
    onSaved(await reports.schedule(record.id, input));
  }, fieldOf);
  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K]) =>
    setForm({ ...form, [key]: value });

  const submit = () => {
    const checked = checkScheduleForm(form);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return submission.clear();
    }
    setErrors({});
    void submission.run(checked.input);
  };
  const errorOf = (field: ScheduleField) => errors[field] ?? submission.fieldErrors[field];

  return (
    <FormDialog
      title={`Schedule ${record.name}`}
      formLabel={`Schedule ${record.name}`}
      submission={submission}
      closeLabel="Close without saving"
      submitLabel="Save schedule"
      noValidate
      onSubmit={submit}
      onClose={onClose}
    >
      <Switch
        label="Mail this report on a schedule"
        checked={form.active}
        onChange={(event) => set('active', event.currentTarget.checked)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label="Interval"
          data={intervals}
          value={form.interval}
          onChange={(event) => set('interval', event.currentTarget.value as ReportInterval)}
        />
        {form.interval === 'weekly' ? (
          <NativeSelect
            label="Day"
            data={weekdays.map((label, index) => ({ value: String(index), label }))}
            value={form.weekday}
            onChange={(event) => set('weekday', event.currentTarget.value)}
          />
        ) : null}
        {form.interval === 'monthly' ? (
          <NativeSelect
            label="Day of the month"
            data={daysOfMonth}
            value={form.dayOfMonth}
            onChange={(event) => set('dayOfMonth', event.currentTarget.value)}
          />
        ) : null}
        {form.interval === 'custom' ? (
          <TextInput
            label="Cron expression"
            description="minute hour day-of-month month day-of-week"
            placeholder="0 8 * * 1-5"
            value={form.cron}
            onChange={(event) => set('cron', event.currentTarget.value)}
            error={errorOf('cron')}
          />
        ) : (
          <TextInput
            type="time"
            label="Time"
            value={form.time}
            onChange={(event) => set('time', event.currentTarget.value)}
            error={errorOf('time') ?? errorOf('cron')}
          />
        )}
        <NativeSelect
          label="Time zone"
          data={zones}
          value={form.tz}
          onChange={(event) => set('tz', event.currentTarget.value)}
        />
        <NativeSelect
          label="Each mail covers"
          data={periodOptions}
          value={form.days}
          onChange={(event) => set('days', event.currentTarget.value)}
        />
      </SimpleGrid>
      <Textarea
        label="Recipients"
        description={`Members of this account, separated by commas (at most ${MAX_RECIPIENTS}). Empty: you.`}
        placeholder="name@company.com"
        rows={3}
        value={form.recipients}
        onChange={(event) => set('recipients', event.currentTarget.value)}
        error={errorOf('recipients')}
      />
    </FormDialog>
  );
}
