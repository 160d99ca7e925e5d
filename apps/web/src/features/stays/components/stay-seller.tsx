import type { SellerDto } from '@repo/shared/schemas/stay';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { STAYS_COPY } from '../copy';

const c = STAYS_COPY.stay.seller;

/**
 * Who supplies the stay, as a marketplace must show it (Consumer Protection (E-Commerce) Rules 2020, rule 5(3)(a)):
 * the business's legal name, address, customer care number and GSTIN, or that it is not registered and the platform
 * pays the GST and issues the invoice under s.9(5) (ADR 022, ADR 051).
 */
export function StaySeller({ seller }: { seller: SellerDto }) {
  return (
    <section aria-labelledby="stay-seller" data-testid="stay-seller">
      <Title order={2} fz={16} id="stay-seller" mb={4}>
        {c.title}
      </Title>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {seller.legalName}
        </Text>
        <Text size="sm" c="gray.7">
          {seller.address}
        </Text>
        <Text size="sm" c="gray.7">
          {`${c.phone} `}
          <Anchor href={`tel:${seller.phone.replace(/[^\d+]/g, '')}`} size="sm" underline="always">
            {seller.phone}
          </Anchor>
        </Text>
        <Text size="sm" c="gray.7">
          {seller.gstin ? c.gstin(seller.gstin) : c.notRegistered}
        </Text>
        {seller.operator ? (
          <Text size="xs" c="gray.7">
            {c.operator(seller.operator.legalName, seller.operator.gstin)}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}
