// The floating tool on the right edge (spec section 2): business consultation (hotline and
// enquiry form in a dialog), enterprise WeChat QR, official-account QR (not on the China site)
// and back to top. Hydrated as an island. Without JavaScript the consultation entry is a plain
// link to the form on the business page; hydrated, it opens the dialog instead.
import { ArrowUp, Headset, type LucideIcon, MessageCircle, QrCode, X } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import type { SiteInfo } from '../content/schema';
import { type LeadFormProps, pageFormId } from '../leads/catalog';
import { HotlineContact } from '../components/hotline-contact';
import { topTargetId } from '../components/page-anchors';
import { type QrKey, useRuntime } from '../runtime/runtime';
import { useElementId } from './island-root';
import { backToTopThreshold, scrollToTop } from './scroll-to-top';
import { LeadForm } from './lead-form';
import { useDisclosure } from './use-disclosure';

export interface FloatingToolProps {
  labels: SiteInfo['floating_tool'];
  hotline: SiteInfo['hotline'];
  qrAltSuffix: string;
  showOfficialAccount: boolean;
  /** The enquiry form in the consultation dialog (issue #6). */
  form: LeadFormProps;
  /** The business page in the page's edition, where the link goes without JavaScript. */
  formPage: string;
}

/** The face of each entry of the tool: its icon with its name under it. */
function ToolFace({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <Icon aria-hidden="true" size={22} />
      <span className="float-tool__label">{label}</span>
    </>
  );
}

const qrIcons = { enterprise_wechat: MessageCircle, official_account: QrCode } as const;

/** A QR code behind a button: enterprise WeChat, or the official account. */
function QrItem({
  kind,
  labels,
  altSuffix,
}: {
  kind: QrKey;
  labels: FloatingToolProps['labels'];
  altSuffix: string;
}) {
  const runtime = useRuntime();
  const { open, containerProps, buttonProps, panelProps } = useDisclosure();
  return (
    <li className={`float-tool__item${open ? ' is-open' : ''}`} {...containerProps}>
      <button className="float-tool__button" {...buttonProps}>
        <ToolFace icon={qrIcons[kind]} label={labels[kind]} />
      </button>
      <div className="float-tool__popover" {...panelProps}>
        <img
          src={runtime.qr[kind]}
          width={132}
          height={132}
          alt={`${labels[kind]}${altSuffix}`}
          loading="lazy"
          decoding="async"
        />
        <p>{labels[`${kind}_caption`]}</p>
      </div>
    </li>
  );
}

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

export function FloatingTool({
  labels,
  hotline,
  qrAltSuffix,
  showOfficialAccount,
  form,
  formPage,
}: FloatingToolProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const consultRef = useRef<HTMLAnchorElement>(null);
  const titleId = useElementId();
  const showBackToTop = useScrolledPast(backToTopThreshold);
  const stopScrolling = useRef<(() => void) | null>(null);

  useEffect(() => () => stopScrolling.current?.(), []);

  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current;
    // Where dialogs are not supported the link still leads to the form on the business page.
    if (!dialog || typeof dialog.showModal !== 'function') return;
    event.preventDefault();
    dialog.showModal();
  };
  const closeDialog = () => dialogRef.current?.close();
  const backToTop = () => {
    stopScrolling.current?.();
    stopScrolling.current = scrollToTop(window, () => {
      document.getElementById(topTargetId)?.focus({ preventScroll: true });
    });
  };

  return (
    <aside className="float-tool" aria-label={labels.label}>
      <ul className="float-tool__list">
        <li className="float-tool__item">
          <a
            ref={consultRef}
            href={`${formPage}#${pageFormId}`}
            className="float-tool__button float-tool__consult"
            aria-haspopup="dialog"
            onClick={openDialog}
          >
            <ToolFace icon={Headset} label={labels.consult} />
          </a>
        </li>
        <QrItem kind="enterprise_wechat" labels={labels} altSuffix={qrAltSuffix} />
        {showOfficialAccount ? (
          <QrItem kind="official_account" labels={labels} altSuffix={qrAltSuffix} />
        ) : null}
        <li className="float-tool__item" hidden={!showBackToTop}>
          <button type="button" className="float-tool__button" onClick={backToTop}>
            <ToolFace icon={ArrowUp} label={labels.back_to_top} />
          </button>
        </li>
      </ul>
      <dialog
        ref={dialogRef}
        className="consult-dialog"
        aria-labelledby={titleId}
        // A click on the backdrop closes it too, where the browser supports light dismiss.
        closedby="any"
        onClose={() => consultRef.current?.focus()}
      >
        <div className="consult-dialog__body">
          <h2 id={titleId} className="consult-dialog__title">
            {labels.consult_dialog_title}
          </h2>
          <p>{labels.consult_dialog_intro}</p>
          <HotlineContact hotline={hotline} block="consult-dialog" />
          <p className="consult-dialog__form-intro">{form.words.form.dialog_intro}</p>
          <LeadForm {...form} />
          <button type="button" className="consult-dialog__close" onClick={closeDialog}>
            <X aria-hidden="true" size={20} />
            <span className="sr-only">{labels.close}</span>
          </button>
        </div>
      </dialog>
    </aside>
  );
}
