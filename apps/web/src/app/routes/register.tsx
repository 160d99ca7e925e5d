import { Container, Title } from '@mantine/core';

export default function RegisterScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Sign Up</Title>
    </Container>
  );
}
