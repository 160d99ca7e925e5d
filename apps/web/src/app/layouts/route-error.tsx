import { Button, Container, Text, Title } from '@mantine/core';

export function RouteError() {
  return (
    <Container py="xl">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">Please reload the page.</Text>
      <Button mt="md" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
