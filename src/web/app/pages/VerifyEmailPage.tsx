import { useEffect, useRef } from 'react';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useVerifyEmail } from '../../features/auth/api.ts';

/** Verifies the emailed token on load (spec "Verify email"). */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // Tokens are single use: StrictMode's second effect run must not send it again (the
  // second answer would be a failure). The ref survives that re-run; a new token in the
  // address is verified as well.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (verify.isError) {
    return (
      <Stack align="center" py="xl" ta="center">
        <Title order={1}>Oops... We could not verify your email.</Title>
        <Text>The link may have been used already or may have expired.</Text>
        <Anchor component={Link} to="/profile">
          Go to your profile to send a new one
        </Anchor>
      </Stack>
    );
  }
  if (verify.isSuccess) {
    return (
      <Stack align="center" py="xl" ta="center">
        <Title order={1}>Email Verified!</Title>
        <Anchor component={Link} to="/profile">
          Go to your profile
        </Anchor>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center">
        <Loader aria-hidden="true" />
        <Text role="status">Verifying your email…</Text>
      </Stack>
    </Center>
  );
}
