import type { StayType } from '@repo/shared/constants/domain';
import { IconBuildingSkyscraper, IconHome, IconHomeHeart, IconPool, IconTrees, type TablerIcon } from '@tabler/icons-react';

/** The icon of each stay type, on the home page's type cards and the admin dashboard. */
export const TYPE_ICONS: Record<StayType, TablerIcon> = {
  Hotel: IconBuildingSkyscraper,
  Villa: IconHomeHeart,
  Resort: IconPool,
  Cottage: IconHome,
  Cabin: IconTrees,
};
