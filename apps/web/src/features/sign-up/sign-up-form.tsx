import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/form-alert';
import { signUpSchema, type SignUpData, type SignUpValues } from './sign-up-schema';

interface SignUpFormProps {
  loading: boolean;
  error: string | null;
  onSubmit: (data: SignUpData) => void;
}

const emptyForm: SignUpValues = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  acceptTerms: false,
};

export function SignUpForm({ loading, error, onSubmit }: SignUpFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpValues, unknown, SignUpData>({
    resolver: zodResolver(signUpSchema),
    defaultValues: emptyForm,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
      <Stack gap="md">
        <FormAlert message={error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </SimpleGrid>
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          error={errors.companyName?.message}
          {...register('companyName')}
        />
        <TextInput
          label="Work email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="name@company.com"
          required
          error={errors.email?.message}
          {...register('email')}
        />
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
