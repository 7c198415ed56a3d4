// The floating tool on the right edge (spec section 2): business consultation (hotline and
// enquiry form in a dialog), enterprise WeChat QR, official-account QR (not on the China site)
// and back to top. Hydrated as an island. Without JavaScript the consultation entry is a plain
// link to the form on the business page; hydrated, it opens the dialog instead.
import { ArrowUp, Headset, MessageCircle, QrCode, X } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { SiteInfo } from '../content/schema';
import { type LeadFormProps, pageFormId, leadPaths } from '../leads/catalog';
import { topTargetId } from '../components/page-anchors';
import { useRuntime } from '../runtime/runtime';
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
}

function QrItem({
  label,
  caption,
  src,
  alt,
  icon,
}: {
  label: string;
  caption: string;
  src: string;
  alt: string;
  icon: ReactNode;
}) {
  const { open, containerProps, buttonProps, panelProps } = useDisclosure();
  return (
    <li className={`float-tool__item${open ? ' is-open' : ''}`} {...containerProps}>
      <button className="float-tool__button" {...buttonProps}>
        {icon}
        <span className="float-tool__label">{label}</span>
      </button>
      <div className="float-tool__popover" {...panelProps}>
        <img src={src} width={132} height={132} alt={alt} loading="lazy" decoding="async" />
        <p>{caption}</p>
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
}: FloatingToolProps) {
  const runtime = useRuntime();
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
            href={`${leadPaths.form}#${pageFormId}`}
            className="float-tool__button float-tool__consult"
            aria-haspopup="dialog"
            onClick={openDialog}
          >
            <Headset aria-hidden="true" size={22} />
            <span className="float-tool__label">{labels.consult}</span>
          </a>
        </li>
        <QrItem
          label={labels.enterprise_wechat}
          caption={labels.enterprise_wechat_caption}
          src={runtime.qr.enterprise_wechat}
          alt={`${labels.enterprise_wechat}${qrAltSuffix}`}
          icon={<MessageCircle aria-hidden="true" size={22} />}
        />
        {showOfficialAccount ? (
          <QrItem
            label={labels.official_account}
            caption={labels.official_account_caption}
            src={runtime.qr.official_account}
            alt={`${labels.official_account}${qrAltSuffix}`}
            icon={<QrCode aria-hidden="true" size={22} />}
          />
        ) : null}
        <li className="float-tool__item" hidden={!showBackToTop}>
          <button type="button" className="float-tool__button" onClick={backToTop}>
            <ArrowUp aria-hidden="true" size={22} />
            <span className="float-tool__label">{labels.back_to_top}</span>
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
          <a className="consult-dialog__phone" href={`tel:${hotline.tel}`}>
            {hotline.display}
          </a>
          <p className="consult-dialog__hours">
            <span>{hotline.hours}</span> <span>{hotline.charge}</span>
          </p>
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
