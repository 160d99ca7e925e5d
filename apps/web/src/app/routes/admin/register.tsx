import { Container, Title } from '@mantine/core';

export default function AdminRegisterScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Admin Sign Up</Title>
    </Container>
  );
}
