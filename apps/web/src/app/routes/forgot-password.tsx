import { Container, Title } from '@mantine/core';

export default function ForgotPasswordScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Forgot password</Title>
    </Container>
  );
}
