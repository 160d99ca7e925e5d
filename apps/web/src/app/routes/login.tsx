import { Container, Title } from '@mantine/core';

export default function LoginScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Login</Title>
    </Container>
  );
}
