import { useEffect, useRef, useState } from 'react'
import { isPickupCodeShape } from '../../../shared/pickup-code'
import { Alert, Button } from '../../components/ui/form'
import { useTranslation } from '../../lib/translation'

/** What a scanner reads off one video frame: the texts of the QR codes it found. */
type FrameReader = (video: HTMLVideoElement) => Promise<string[]>

type BarcodeDetectorLike = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type BarcodeDetectorClass = (new (options: {
  formats: string[]
}) => BarcodeDetectorLike) & {
  getSupportedFormats?: () => Promise<string[]>
}

/** The longest side a frame is decoded at: enough for a code filling a third of the picture. */
const DECODE_SIZE = 480

const hasQrReader = async () => {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  const formats: string[] = (await Detector?.getSupportedFormats?.().catch(() => [])) ?? []
  return Detector && formats.includes('qr_code') ? Detector : null
}

/** Fetches jsQR ahead where the browser cannot read QR codes itself (the dialog calls it on opening). */
export async function prefetchQrReader() {
  if (!(await hasQrReader())) await import('jsqr').catch(() => {})
}

/**
 * The browser's own QR reader where it has one (Chrome on Android), else jsQR on a scaled-down
 * copy of the frame, loaded only now (docs/decisions/0047-pickup-codes.md).
 */
async function frameReader(): Promise<FrameReader> {
  const Detector = await hasQrReader()
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] })
    return async (video) => (await detector.detect(video).catch(() => [])).map((code) => code.rawValue)
  }
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return async (video) => {
    if (!context || !video.videoWidth) return []
    const scale = Math.min(1, DECODE_SIZE / Math.max(video.videoWidth, video.videoHeight))
    canvas.width = Math.round(video.videoWidth * scale)
    canvas.height = Math.round(video.videoHeight * scale)
    context.drawImage(video, 0, 0, canvas.width, canvas.height)
    const frame = context.getImageData(0, 0, canvas.width, canvas.height)
    const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })
    return found ? [found.data] : []
  }
}

/**
 * The back camera, read a few times a second until it sees a pickup code's QR (six digits, as the
 * recipient's order page draws it); the camera stops as soon as it has one or the donor stops.
 */
export function QrScanner({ onCode, onStop }: { onCode: (code: string) => void; onStop: () => void }) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)
  // The latest callback, so that a re-render of the form does not reopen the camera.
  const onCodeRef = useRef(onCode)
  onCodeRef.current = onCode

  useEffect(() => {
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setInterval> | undefined
    let stopped = false
    const stopCamera = () => {
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
    async function start() {
      // The camera first, kept as soon as it opens, so that whatever fails next still turns it off.
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
      if (stopped || !video.current) return stopCamera()
      const read = await frameReader()
      if (stopped || !video.current) return stopCamera()
      video.current.srcObject = stream
      await video.current.play()
      let reading = false
      timer = setInterval(async () => {
        if (!video.current || reading) return
        reading = true
        try {
          const found = (await read(video.current)).find(isPickupCodeShape)
          if (found && !stopped) onCodeRef.current(found)
        } finally {
          reading = false
        }
      }, 300)
    }
    start().catch(() => {
      stopCamera()
      if (!stopped) setFailed(true)
    })
    return () => {
      stopped = true
      clearInterval(timer)
      stopCamera()
    }
  }, [])

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
          data-qr-camera
        />
      )}
      <Button variant="secondary" onClick={onStop}>
        {t('handover.stopScan')}
      </Button>
    </div>
  )
}
