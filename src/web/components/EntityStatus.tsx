import { Alert, Anchor, Container, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiError } from '../lib/api.ts';
import { CenteredLoader } from './CenteredLoader.tsx';

/**
 * What an entity page shows before its record: a spinner while it loads; once it failed,
 * the noun as the heading, "There is no {noun} here. It may have been deleted." for a 404
 * (grey: nothing went wrong) or the server's message (red), and a way back.
 */
export function EntityStatus(props: {
  /** "item", "manifest". */
  noun: string;
  /** The failure, or null while loading. */
  error: Error | null;
  back: { to: string; label: string };
}) {
  const { noun, error } = props;
  if (!error) {
    return <CenteredLoader label={`Loading the ${noun}`} />;
  }
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Container size="sm" px={0}>
      <Title order={1} mb="md">
        {noun.charAt(0).toUpperCase() + noun.slice(1)}
      </Title>
      <Alert color={missing ? 'gray' : 'red'} mb="md">
        {missing ? `There is no ${noun} here. It may have been deleted.` : error.message}
      </Alert>
      <Anchor component={Link} to={props.back.to}>
        {props.back.label}
      </Anchor>
    </Container>
  );
}
