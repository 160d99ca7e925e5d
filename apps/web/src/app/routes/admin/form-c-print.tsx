import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { FormCPrint } from '@/features/form-c';

/** /admin/formC/:id/print: one foreign guest's Form C laid out to print (its h1 is the form's title), with its CSV. */
export default function FormCPrintScreen() {
  const { id = '' } = useParams();
  return (
    <Container size="md" px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <FormCPrint id={id} />
    </Container>
  );
}
