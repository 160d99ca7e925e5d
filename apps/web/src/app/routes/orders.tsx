import { Container, Title } from '@mantine/core';

export default function OrdersScreen() {
  return (
    <Container py="xl">
      <Title order={1}>My Orders</Title>
    </Container>
  );
}
