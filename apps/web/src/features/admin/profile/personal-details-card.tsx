import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorState, LoadingState, useFieldAppearance, useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { FieldAppearance } from '../../../lib/admin-portal';
import { useOwnUsername, useProfile } from '../../../sdk/admin/profile';
import { initialsOf, pictureProblem, profileSchema, readAsDataUrl, type ProfileForm } from './profile-form';

/** A profile field as the vendor's theme wants it: not shown, read-only, or editable. */
function Field({ appearance, ...props }: { appearance: FieldAppearance } & ComponentProps<typeof TextInput>) {
  if (appearance === 'hidden') return null;
  return (
    <TextInput
      {...props}
      readOnly={appearance === 'viewOnly'}
      variant={appearance === 'viewOnly' ? 'filled' : 'default'}
    />
  );
}

/** Name, username, job title, address and picture, saved together. */
export function PersonalDetailsCard() {
  const profile = useProfile();
  const username = useOwnUsername();
  const appearance = {
    name: useFieldAppearance('profile', 'name'),
    username: useFieldAppearance('profile', 'username'),
    jobTitle: useFieldAppearance('profile', 'jobTitle'),
    address: useFieldAppearance('profile', 'address'),
  };
  const { details } = profile;
  const [picture, setPicture] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: '', jobTitle: '', address: '', username: '' },
  });
  const { reset } = form;
  const saving = useSubmit(async (values: ProfileForm) => {
    if (!details) return;
    await profile.save({
      name: appearance.name === 'edit' ? values.name : details.name,
      jobTitle: appearance.jobTitle === 'edit' ? values.jobTitle : details.jobTitle,
      address: appearance.address === 'edit' ? values.address : details.address,
      profilePictureUrl: picture ?? details.profilePictureUrl,
    });
    if (
      appearance.username === 'edit' &&
      username.available &&
      values.username !== (username.username ?? '')
    ) {
      await username.save(values.username);
    }
    setPicture(null);
    reset(values);
  });

  const { load: loadProfile } = profile;
  const { load: loadUsername } = username;
  useEffect(() => {
    loadProfile();
    loadUsername();
  }, [loadProfile, loadUsername]);

  // The form follows the loaded profile until the user starts typing.
  const isDirty = form.formState.isDirty;
  useEffect(() => {
    if (!details || isDirty) return;
    reset({
      name: details.name,
      jobTitle: details.jobTitle,
      address: details.address,
      username: username.username ?? '',
    });
  }, [details, username.username, isDirty, reset]);

  if (!details) {
    return profile.error ? (
      <ErrorState message={profile.error} onRetry={profile.load} />
    ) : (
      <LoadingState label="Loading your profile..." />
    );
  }

  const choosePicture = async (file: File | null) => {
    setPictureError(null);
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setPictureError(problem);
      return;
    }
    setPicture(await readAsDataUrl(file));
    saving.reset();
  };

  const submit = form.handleSubmit((values) => saving.run(values));

  const shownPicture = picture ?? details.profilePictureUrl ?? undefined;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-details-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="profile-details-title">
            Personal details
          </Title>
          <Group gap="md">
            <Avatar src={shownPicture} alt="Your profile picture" size={72} radius="xl">
              {initialsOf(details.name, details.email)}
            </Avatar>
            <Stack gap={4}>
              <FileButton
                onChange={(file) => void choosePicture(file)}
                accept="image/png,image/jpeg,image/gif,image/webp"
              >
                {(props) => (
                  <Button variant="default" size="xs" {...props}>
                    Change picture
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                PNG, JPEG, GIF or WebP, up to 512 KB
              </Text>
              {pictureError ? (
                <Text size="xs" c="red.8" role="alert">
                  {pictureError}
                </Text>
              ) : null}
            </Stack>
          </Group>
          <Field
            appearance={appearance.name}
            label="Name"
            autoComplete="name"
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <Field
            appearance={username.available ? appearance.username : 'viewOnly'}
            label="Username"
            autoComplete="username"
            description="Sign in with it instead of your email; leave it empty to remove it."
            error={form.formState.errors.username?.message ?? username.error ?? undefined}
            {...form.register('username')}
          />
          <Field
            appearance={appearance.jobTitle}
            label="Job title"
            autoComplete="organization-title"
            error={form.formState.errors.jobTitle?.message}
            {...form.register('jobTitle')}
          />
          <Field
            appearance={appearance.address}
            label="Address"
            autoComplete="street-address"
            error={form.formState.errors.address?.message}
            {...form.register('address')}
          />
          <FormAlert message={saving.error} />
          {saving.done ? (
            <Text size="sm" c="green.8" role="status">
              Profile saved
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={saving.pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
