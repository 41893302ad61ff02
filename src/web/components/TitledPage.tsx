import type { ReactNode } from 'react';
import { Box, Text, Title } from '@mantine/core';

/** A page of one list or panel: its heading, a line saying what it holds, then the content. */
export function TitledPage(props: {
  title: string;
  intro: ReactNode;
  maxWidth: number;
  children: ReactNode;
}) {
  return (
    <Box maw={props.maxWidth} mx="auto">
      <Title order={1} mb="xs">
        {props.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {props.intro}
      </Text>
      {props.children}
    </Box>
  );
}
