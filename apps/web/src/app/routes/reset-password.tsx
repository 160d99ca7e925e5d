import { Container, Title } from '@mantine/core';

export default function ResetPasswordScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Reset password</Title>
    </Container>
  );
}
