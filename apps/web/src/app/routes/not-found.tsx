import { Container, Title } from '@mantine/core';

export default function NotFoundScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Page not found</Title>
    </Container>
  );
}
