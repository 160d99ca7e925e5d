import { Center, Loader, Stack, Text } from '@mantine/core';

export type LoadingStateProps = {
  /** What is loading, read by screen readers and shown under the spinner. */
  label: string;
  minHeight?: number | string;
};

/** A centred spinner with a text, announced politely to screen readers. */
export function LoadingState({ label, minHeight = 240 }: LoadingStateProps) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
