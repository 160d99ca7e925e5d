import { Container, Title } from '@mantine/core';

export default function AdminLoginScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Admin Login</Title>
    </Container>
  );
}
