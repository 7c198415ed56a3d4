// Show/hide behaviour shared by header dropdowns and the floating tool's QR popovers
// (spec section 4): opens while the pointer is over the item and closes when it leaves; with
// the keyboard, Enter or Space on the button toggles it and Escape closes it and returns focus
// to the button. Focus leaving the item closes it too.
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useElementId } from './island-root';

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useElementId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && open) {
        event.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }
    },
    [open],
  );

  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }, []);

  const onClick = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    // detail is 0 for clicks made with Enter or Space: those toggle. A pointer click lands on an
    // item hover has already opened (or, on touch screens, opens it), so it keeps it open.
    if (event.detail === 0) setOpen((current) => !current);
    else setOpen(true);
  }, []);

  return {
    open,
    close: () => setOpen(false),
    containerProps: {
      onMouseEnter: () => setOpen(true),
      onMouseLeave: () => setOpen(false),
      onKeyDown,
      onBlur,
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick,
    },
    panelProps: { id: panelId, hidden: !open },
  };
}
