import { Container, Title } from '@mantine/core';

export default function DashboardScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Dashboard</Title>
    </Container>
  );
}
