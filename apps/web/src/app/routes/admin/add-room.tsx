import { Container, Title } from '@mantine/core';

export default function AddRoomScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Add room</Title>
    </Container>
  );
}
