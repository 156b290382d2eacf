import { Clock, HandHeart, ShoppingBag, Truck } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useReducer, useRef, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { heldFrom } from '../../../shared/first-refusal'
import type { Listing } from '../../../shared/schemas/listings'
import type { Me } from '../../../shared/schemas/users'
import { sriLankaParts } from '../../../shared/sri-lanka-time'
import { signInPath } from '../../lib/return-path'
import { useTranslation } from '../../lib/translation'

// The order forms (react-hook-form and zod) are not part of the list's or the page's first load.
const loadClaimDialog = () => import('./ClaimDialog')
const loadRequestDialog = () => import('./RequestDialog')
const loadDeliveryDialog = () => import('./DeliveryDialog')
const ClaimDialog = lazy(() => loadClaimDialog().then((m) => ({ default: m.ClaimDialog })))
const RequestDialog = lazy(() => loadRequestDialog().then((m) => ({ default: m.RequestDialog })))
const DeliveryDialog = lazy(() => loadDeliveryDialog().then((m) => ({ default: m.DeliveryDialog })))

/**
 * Fetched for a signed-in visitor as soon as the list or page has rendered (effects run after the
 * first paint): a dialog then opens at once, and still opens when the connection drops later, to say
 * that ordering needs one (docs/decisions/0033-offline-pwa.md). A signed-out visitor is asked to
 * sign in instead, so a first visit does not download them. A module is fetched once, however many
 * cards ask.
 */
function prefetchOrderDialogs() {
  for (const loadDialog of [loadClaimDialog, loadRequestDialog, loadDeliveryDialog]) {
    loadDialog().catch(() => {})
  }
}

/** Which order dialog a visitor opens: a claim, a request, or either with a delivery (not an OrderKind). */
export type OrderChoice = 'claim' | 'request' | 'delivery'

/** The alerts for signed-out visitors (the server answers the same texts). */
const SIGN_IN_MESSAGES: Record<OrderChoice, string> = {
  claim: 'orders.errors.signInToClaim',
  request: 'orders.errors.signInToRequest',
  delivery: 'orders.errors.signInToDeliver',
}

const buttonClass =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1 rounded-md px-3 py-2 text-center text-sm font-semibold disabled:opacity-50'

/**
 * Claim Free Food (free) or Request Food (half-price), and Request Delivery, for non-owners. The
 * page opens the dialog (`onOpen`, see OrderDialogFor): it must outlive this card, which goes when
 * the food is taken while the dialog is open.
 */
export function OrderActions({
  listing,
  me,
  onOpen,
}: {
  listing: Listing
  me: Me | null
  onOpen: (kind: OrderChoice) => void
}) {
  const { t } = useTranslation()
  const [pathname] = useLocation()
  const [params, setParams] = useSearchParams()
  const [signInNeeded, setSignInNeeded] = useState<OrderChoice | null>(null)
  const primary: OrderChoice = listing.type === 'free' ? 'claim' : 'request'
  const held = useHold(listing, me)
  const heldId = useId()
  const reopen = ([primary, 'delivery'] as const).find((kind) => params.get(kind) === listing.id)

  useEffect(() => {
    if (me) prefetchOrderDialogs()
  }, [me])

  // Back from signing in (`?claim=<listingId>`): the dialog the visitor asked for, once, then the
  // parameter goes so that closing it or reloading does not bring it back. Once per listing: the
  // pages read the address a render behind (lib/navigation.tsx), so `reopen` outlives the removal
  // by a render or more, and removing it again each time replaced the history entry thousands of
  // times on a busy phone, holding the page for seconds (0033's addendum on the first install).
  const reopened = useRef<string | null>(null)
  useEffect(() => {
    if (!me || !reopen || reopened.current === listing.id) return
    reopened.current = listing.id
    // A held listing says so beside its disabled buttons instead (0055).
    if (!held) onOpen(reopen)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete(reopen)
        return next
      },
      { replace: true },
    )
  }, [me, reopen, listing.id, setParams, onOpen, held])

  /** The sign-in page, coming back to this page with this listing's dialog to reopen. */
  function signInFor(kind: OrderChoice): string {
    const back = new URLSearchParams(params)
    back.set(kind, listing.id)
    return signInPath(`${pathname}?${back}`)
  }

  function order(kind: OrderChoice) {
    if (!me) {
      setSignInNeeded(kind)
      return
    }
    setSignInNeeded(null)
    onOpen(kind)
  }

  return (
    <div className="w-full space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => order(primary)}
          disabled={held !== null}
          aria-describedby={held ? heldId : undefined}
          className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}
        >
          {primary === 'claim' ? (
            <HandHeart className="size-4" aria-hidden />
          ) : (
            <ShoppingBag className="size-4" aria-hidden />
          )}
          {primary === 'claim' ? t('find-food.actions.claim') : t('find-food.actions.request')}
        </button>
        <button
          type="button"
          onClick={() => order('delivery')}
          disabled={held !== null}
          aria-describedby={held ? heldId : undefined}
          className={`${buttonClass} border border-brand-700 text-brand-800 hover:bg-brand-50`}
        >
          <Truck className="size-4" aria-hidden />
          {t('find-food.actions.delivery')}
        </button>
      </div>
      {held && (
        <p id={heldId} className="flex items-center gap-2 text-sm font-semibold text-brand-800">
          <Clock className="size-4 shrink-0" aria-hidden />
          {t('listings.heldForCareHomes', { time: sriLankaParts(held).time })}
        </p>
      )}
      {signInNeeded && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t(SIGN_IN_MESSAGES[signInNeeded])}{' '}
          <Link to={signInFor(signInNeeded)} className="font-semibold underline">
            {t('common.nav.signIn')}
          </Link>
        </p>
      )}
    </div>
  )
}

/**
 * Until when the listing is held from this visitor for the district's verified organisations, or
 * null (the shared rule the server refuses with, docs/decisions/0055-first-refusal.md); the buttons
 * come back on their own when the hold ends.
 */
function useHold(listing: Listing, me: Me | null): Date | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  const organisation = me?.organisation?.state === 'verified' ? { district: me.district } : null
  const held = heldFrom(listing, organisation, new Date())
  const endsAt = held?.getTime()
  useEffect(() => {
    if (endsAt === undefined) return
    const timer = setTimeout(rerender, Math.max(0, endsAt - Date.now()) + 500)
    return () => clearTimeout(timer)
  }, [endsAt])
  return held
}

/** The order dialog the page keeps open on `listing` until the user closes it. */
export function OrderDialogFor({
  kind,
  listing,
  me,
  onClose,
}: {
  kind: OrderChoice
  listing: Listing
  me: Me
  onClose: () => void
}) {
  return (
    <Suspense fallback={null}>
      {kind === 'claim' && <ClaimDialog listing={listing} me={me} onClose={onClose} />}
      {kind === 'request' && <RequestDialog listing={listing} me={me} onClose={onClose} />}
      {kind === 'delivery' && <DeliveryDialog listing={listing} me={me} onClose={onClose} />}
    </Suspense>
  )
}
