import { Container, Title } from '@mantine/core';

export default function AdminForgotScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Forgot password</Title>
    </Container>
  );
}
