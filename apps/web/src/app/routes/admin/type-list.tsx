import { Container, Title } from '@mantine/core';
import { STAY_TYPES } from '@repo/shared/constants/domain';
import { useLocation } from 'react-router';

/** /admin/hotel, /admin/villa, ...: the stay type comes from the path. */
export default function TypeListScreen() {
  const segment = useLocation().pathname.split('/').pop() ?? '';
  const type = STAY_TYPES.find((t) => t.toLowerCase() === segment) ?? 'Hotel';
  return (
    <Container py="xl">
      <Title order={1}>{type}s List</Title>
    </Container>
  );
}
