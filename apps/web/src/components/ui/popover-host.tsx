import { Popover } from '@mantine/core';
import { type Ref, useEffect, useLayoutEffect } from 'react';
import type { PopoverHostProps } from './popover-host-props';

/** Hands the trigger element (rendered outside the Popover) to Popover.Target's ref. */
function Anchor({ ref, element }: { ref?: Ref<HTMLElement>; element: HTMLElement | null }) {
  useLayoutEffect(() => {
    if (typeof ref === 'function') {
      const cleanup = ref(element);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    if (ref) {
      ref.current = element;
      return () => {
        ref.current = null;
      };
    }
  }, [ref, element]);
  return null;
}

/** Mantine's Popover around a trigger rendered by DeferredPopover (loaded with the popover's first use). */
export default function PopoverHost({ anchor, onReady, dropdownProps, children, ...popover }: PopoverHostProps) {
  useEffect(onReady, [onReady]);
  return (
    <Popover {...popover}>
      <Popover.Target>
        <Anchor element={anchor} />
      </Popover.Target>
      <Popover.Dropdown {...dropdownProps}>{children}</Popover.Dropdown>
    </Popover>
  );
}
