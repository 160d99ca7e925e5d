import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type LazyExoticComponent,
  lazy,
  type PointerEvent,
  type ReactElement,
  Suspense,
  useCallback,
  useId,
  useState,
} from 'react';
import type { PopoverHostProps } from './popover-host-props';

export type { PopoverHostProps };

type HostModule<E> = { default: ComponentType<PopoverHostProps & E> };

/**
 * A popover host loaded with its first use; `preload` starts the download early (pointer over or focus). `E` is what
 * the host takes besides PopoverHostProps (given as DeferredPopover's `hostProps`).
 */
export type PopoverHost<E extends object = object> = {
  Host: LazyExoticComponent<ComponentType<PopoverHostProps & E>>;
  preload: () => void;
};

export function lazyPopoverHost<E extends object = object>(load: () => Promise<HostModule<E>>): PopoverHost<E> {
  let started: Promise<HostModule<E>> | undefined;
  const once = () => {
    started ??= load();
    return started;
  };
  return { Host: lazy(once), preload: () => void once().catch(() => undefined) };
}

const defaultHost = lazyPopoverHost(() => import('./popover-host'));

type TriggerProps = {
  ref?: unknown;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
};

export type DeferredPopoverProps<E extends object = object> = Omit<PopoverHostProps, 'id' | 'anchor' | 'onReady'> & {
  /** The trigger (a button): shown at once, like Popover.Target's child. */
  target: ReactElement<TriggerProps>;
  /** The host to load; Mantine's Popover with a plain dropdown by default. */
  host?: PopoverHost<E>;
  /** What the host takes besides the popover's props. */
  hostProps?: E;
};

/**
 * A controlled Mantine Popover whose code loads on first use: the trigger renders at once (with the same ids and
 * aria attributes Popover.Target gives it), the Popover itself loads when the pointer comes over the trigger, it gets
 * focus or it is opened. The host mounts closed first and then takes `opened`, so the opening (transition, focus
 * moved into the dropdown, focus returned on close) is the Popover's own.
 */
export function DeferredPopover<E extends object = object>({
  target,
  host = defaultHost as PopoverHost<E>,
  hostProps,
  opened,
  ...rest
}: DeferredPopoverProps<E>) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const [ready, setReady] = useState(false);
  if (opened && !wanted) setWanted(true);
  const onReady = useCallback(() => setReady(true), []);
  const shown = opened && ready;
  const { Host, preload } = host;
  const props = target.props;

  const trigger = cloneElement(target, {
    id,
    'aria-haspopup': 'dialog',
    'aria-expanded': opened,
    'aria-controls': opened ? `${id}-dropdown` : undefined,
    ref: setAnchor,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      preload();
      props.onPointerEnter?.(e);
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      preload();
      props.onFocus?.(e);
    },
  } as Partial<TriggerProps>);

  return (
    <>
      {trigger}
      {wanted ? (
        <Suspense fallback={null}>
          <Host {...rest} {...(hostProps as E)} id={id} opened={shown} anchor={anchor} onReady={onReady} />
        </Suspense>
      ) : null}
    </>
  );
}
