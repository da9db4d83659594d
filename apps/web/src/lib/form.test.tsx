import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useForm, type Problems } from './form';

interface Values {
  name: string;
  code: string;
  agree: boolean;
  extra?: string | undefined;
}

function validate(values: Values): Problems<Values> {
  const problems: Problems<Values> = {};
  if (values.name.trim() === '') problems.name = 'Name is required';
  if (values.code === '') problems.code = 'Code is required';
  else if (values.code !== values.name.trim()) problems.code = 'Code must repeat the name';
  if (!values.agree) problems.agree = 'Agree first';
  if (values.extra !== undefined && values.extra === '') problems.extra = 'Extra is required';
  return problems;
}

const parse = (values: Values) => ({ ...values, name: values.name.trim() });

function TestForm({ onValid }: { onValid: (data: Values) => void }) {
  const [withExtra, setWithExtra] = useState(false);
  const { register, handleSubmit, errors, values } = useForm<Values>({
    defaultValues: { name: '', code: '', agree: false },
    validate,
    parse,
  });
  const field = (name: 'name' | 'code' | 'extra', label: string) => (
    <div>
      <input aria-label={label} aria-invalid={Boolean(errors[name])} {...register(name)} />
      {errors[name] && <span>{errors[name].message}</span>}
    </div>
  );
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      {field('name', 'Name')}
      {field('code', 'Code')}
      {withExtra && field('extra', 'Extra')}
      <input type="checkbox" aria-label="Agree" {...register('agree')} />
      {errors.agree && <span>{errors.agree.message}</span>}
      <output>typed: {values.name}</output>
      <button type="button" onClick={() => setWithExtra((shown) => !shown)}>
        Toggle extra
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

function setup() {
  const onValid = vi.fn();
  const user = userEvent.setup();
  render(<TestForm onValid={onValid} />);
  return { user, onValid, send: () => user.click(screen.getByRole('button', { name: 'Send' })) };
}

describe('useForm', () => {
  it('checks nothing before the first submit, then shows each field’s first problem and focuses the first', async () => {
    const { user, onValid, send } = setup();
    await user.type(screen.getByLabelText('Code'), 'x');
    expect(screen.queryByText(/required|repeat/)).not.toBeInTheDocument();
    expect(screen.getByText('typed:', { exact: false })).toHaveTextContent('typed:');

    await send();

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Code must repeat the name')).toBeInTheDocument();
    expect(screen.getByText('Agree first')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, updates the message of the field being typed into only', async () => {
    const { user, send } = setup();
    await user.type(screen.getByLabelText('Code'), 'ab');
    await send();

    await user.type(screen.getByLabelText('Name'), 'ab');

    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    // The code now repeats the name, but its message changes only when the code is typed into.
    expect(screen.getByText('Code must repeat the name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), 'c');
    await user.type(screen.getByLabelText('Code'), '{Backspace}');
    expect(screen.queryByText('Code must repeat the name')).not.toBeInTheDocument();
  });

  it('hands the parsed values to a valid submit, and Enter submits', async () => {
    const { user, onValid } = setup();
    await user.type(screen.getByLabelText('Name'), ' Ada ');
    await user.type(screen.getByLabelText('Code'), 'Ada');
    await user.click(screen.getByLabelText('Agree'));

    await user.type(screen.getByLabelText('Code'), '{Enter}');

    expect(onValid).toHaveBeenCalledExactlyOnceWith({ name: 'Ada', code: 'Ada', agree: true });
    expect(screen.getByText('typed:', { exact: false })).toHaveTextContent('typed: Ada');
  });

  it('checks a field the form shows later from what its element holds, and keeps what was typed into it', async () => {
    const { user, onValid, send } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Code'), 'Ada');
    await user.click(screen.getByLabelText('Agree'));
    await user.click(screen.getByRole('button', { name: 'Toggle extra' }));

    await send();
    expect(screen.getByText('Extra is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Extra')).toHaveFocus();

    await user.type(screen.getByLabelText('Extra'), 'more');
    await user.click(screen.getByRole('button', { name: 'Toggle extra' }));
    await user.click(screen.getByRole('button', { name: 'Toggle extra' }));
    expect(screen.getByLabelText('Extra')).toHaveValue('more');

    await send();
    expect(onValid).toHaveBeenCalledExactlyOnceWith({ name: 'Ada', code: 'Ada', agree: true, extra: 'more' });
  });
});
