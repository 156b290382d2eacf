import { useState } from 'react'
import { isInSriLanka, type Point } from '../../../shared/geo'
import { useTranslation } from '../../lib/translation'
import { MapView } from '../map/MapView'
import { Dialog } from '../ui/Dialog'
import { Button, FieldError } from '../ui/form'

/** Close enough to tap the right street. */
const STREET_ZOOM = 16

/**
 * The map in a dialog: a tap marks the place, "Use this place" keeps it. The map's code and tiles load
 * when this dialog opens, never before (components/map/MapView.tsx).
 */
export function MapChooser({
  start,
  onChoose,
  onClose,
}: {
  /** Where to look first: the point so far; without it the whole island. */
  start: Point | null | undefined
  onChoose: (point: Point) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [picked, setPicked] = useState<Point | null>(start ?? null)
  const outside = picked !== null && !isInSriLanka(picked)
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('place-picker.map.title')}
      description={t('place-picker.map.hint')}
      size="lg"
    >
      <MapView
        label={t('place-picker.map.title')}
        pins={picked ? [{ id: 'picked', label: t('place-picker.how.map'), ...picked }] : []}
        onPick={setPicked}
        center={start ?? undefined}
        zoom={start ? STREET_ZOOM : undefined}
        className="h-80 w-full"
      />
      <FieldError id="place-picker-map-error" message={outside ? 'errors.pointOutsideSriLanka' : undefined} />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('forms.cancel')}
        </Button>
        <Button disabled={!picked || outside} onClick={() => picked && onChoose(picked)}>
          {t('place-picker.map.use')}
        </Button>
      </div>
    </Dialog>
  )
}
