import { Container, Title } from '@mantine/core';

export default function EditStayScreen() {
  return (
    <Container py="xl">
      <Title order={1}>Edit stay</Title>
    </Container>
  );
}
