import { Container, Title } from '@mantine/core';

export default function RoomsScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Rooms</Title>
    </Container>
  );
}
