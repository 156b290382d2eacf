import { useQueryClient } from '@tanstack/react-query'
import { ScanLine } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { Order } from '../../../shared/schemas/orders'
import { Button } from '../../components/ui/form'
import { invalidateForChange } from '../../lib/realtime'
import { useTranslation } from '../../lib/translation'
import { HandoverDialog } from './HandoverDialog'
import { completeOrder, confirmationQueue } from './pickup-queue'

const loadQrScanner = () => import('./QrScanner')
const QrScanner = lazy(() => loadQrScanner().then((m) => ({ default: m.QrScanner })))

/** The camera scanner and, where the browser has no QR reader, its decoder: fetched ahead (ConfirmPickup). */
export async function prefetchScanner() {
  if (!navigator.mediaDevices?.getUserMedia) return
  const scanner = await loadQrScanner()
  await scanner.prefetchQrReader()
}

/** The pickup confirmation's form (ConfirmPickupButton opens it). */
export function ConfirmPickupDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order
  onClose: () => void
  onDone: (outcome: 'sent' | 'queued') => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return (
    <HandoverDialog
      title={t('handover.title')}
      description={t('handover.description', { name: order.requester.name })}
      submitLabel={t('handover.submit')}
      cashTotal={order.kind === 'request' ? order.totalPrice : undefined}
      scanner={(setCode) => <ScanButton onCode={setCode} />}
      send={async (input) => {
        await completeOrder(order.kind, order.id, input)
        await invalidateForChange(queryClient, 'orders')
      }}
      onClose={onClose}
      onDone={() => onDone('sent')}
      onOffline={(input) => {
        // Only the listing's donor confirms a pickup, so the donor is who typed it.
        confirmationQueue.queue({
          userId: order.listing.donorId,
          kind: order.kind,
          id: order.id,
          title: order.listing.title,
          input,
        })
        onDone('queued')
      }}
    />
  )
}

/** "Scan the code" and the camera it opens; any camera will do, where the browser has none of its own. */
function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation()
  const [scanning, setScanning] = useState(false)
  const canScan = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia
  if (scanning)
    return (
      <Suspense fallback={null}>
        <QrScanner
          onCode={(code) => {
            setScanning(false)
            onCode(code)
          }}
          onStop={() => setScanning(false)}
        />
      </Suspense>
    )
  if (!canScan) return null
  return (
    <Button variant="secondary" onClick={() => setScanning(true)}>
      <ScanLine className="size-4" aria-hidden />
      {t('handover.scan')}
    </Button>
  )
}
