import { useMemo } from 'react';
import { FormAlert } from '../../components/form-alert';
import { Button, Stack, TextField } from '../../components/plain-ui';
import { Checkbox, TwoColumnGrid } from '../../components/plain-ui-extra';
import { useForm } from '../../lib/form';
import { signUpRules, type ExtraIdentifiers, type SignUpFormData, type SignUpValues } from './sign-up-schema';

interface SignUpFormProps {
  loading: boolean;
  error: string | null;
  onSubmit: (data: SignUpFormData) => void;
  /** Phone number and username fields, when the vendor's sign-up strategies enable them. */
  identifiers?: ExtraIdentifiers;
  /** Through an account's invite link: the person joins that account, so no company name is asked. */
  joining?: boolean;
}

const emptyForm: SignUpValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  acceptTerms: false,
};

const noExtraIdentifiers: ExtraIdentifiers = {
  phoneNumber: { enabled: false, required: false },
  username: { enabled: false, required: false },
};

export function SignUpForm({
  loading,
  error,
  onSubmit,
  identifiers = noExtraIdentifiers,
  joining = false,
}: SignUpFormProps) {
  const { phoneNumber, username } = identifiers;
  const rules = useMemo(
    () => signUpRules({ phoneNumber, username }, joining),
    [phoneNumber, username, joining],
  );
  const { register, handleSubmit, errors } = useForm<SignUpValues, SignUpFormData>({
    defaultValues: {
      ...emptyForm,
      ...(phoneNumber.enabled && { phoneNumber: '' }),
      ...(username.enabled && { username: '' }),
    },
    ...rules,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
      <Stack gap="md">
        <FormAlert message={error} />
        <TwoColumnGrid>
          <TextField
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </TwoColumnGrid>
        {joining ? null : (
          <TextField
            label="Company name"
            autoComplete="organization"
            required
            error={errors.companyName?.message}
            {...register('companyName')}
          />
        )}
        <TextField
          label="Work email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@company.com"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        {phoneNumber.enabled && (
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+1 555 010 0199"
            description="With its country code. We text you a code to verify it."
            required={phoneNumber.required}
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
        )}
        {username.enabled && (
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            description="3 to 64 letters, digits, dots, dashes or underscores"
            required={username.required}
            error={errors.username?.message}
            {...register('username')}
          />
        )}
        <Checkbox
          label="I agree to the Brizo FoodMetrics terms of service and privacy policy"
          error={errors.acceptTerms?.message}
          {...register('acceptTerms')}
        />
        <Button type="submit" fullWidth loading={loading}>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
