import { Container, Title } from '@mantine/core';

export default function AdminVerifyScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Reset your password</Title>
    </Container>
  );
}
