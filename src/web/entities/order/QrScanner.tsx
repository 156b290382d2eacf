import { useEffect, useRef, useState } from 'react'
import { isPickupCodeShape } from '../../../shared/pickup-code'
import { Alert, Button } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/** The browser's own QR reader (Chrome on Android has it); where it is missing the code is typed. */
type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike

/**
 * The back camera, read a few times a second until it sees a pickup code's QR (six digits, as the
 * recipient's order page draws it); the camera stops as soon as it has one or the donor stops.
 */
export function QrScanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setInterval> | undefined
    let stopped = false
    const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector
    const detector = new Detector({ formats: ['qr_code'] })
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media
        if (stopped || !video.current) return
        video.current.srcObject = media
        await video.current.play()
        timer = setInterval(async () => {
          if (!video.current) return
          const found = (await detector.detect(video.current).catch(() => [])).find((code) =>
            isPickupCodeShape(code.rawValue),
          )
          if (found) onCode(found.rawValue)
        }, 300)
      })
      .catch(() => setFailed(true))
    return () => {
      stopped = true
      clearInterval(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [onCode])

  return (
    <div className="space-y-2">
      {failed ? (
        <Alert tone="error">{t('handover.noCamera')}</Alert>
      ) : (
        <video
          ref={video}
          className="aspect-square w-full rounded-md bg-black object-cover"
          muted
          playsInline
        />
      )}
      <Button variant="secondary" onClick={onStop}>
        {t('handover.stopScan')}
      </Button>
    </div>
  )
}
