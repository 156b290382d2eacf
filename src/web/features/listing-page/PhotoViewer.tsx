import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type KeyboardEvent, useRef, useState } from 'react'
import { useTranslation } from '../../lib/translation'

/** A horizontal move of at least this many pixels is a swipe. */
const SWIPE_PX = 40

/**
 * A listing's photos one at a time: arrows, thumbnails, the keyboard's left and right arrows (with
 * the viewer focused) and a swipe on touch screens.
 */
export function PhotoViewer({
  images,
  thumbnails,
  placeholder,
  dimmed,
}: {
  images: string[]
  thumbnails: string[]
  placeholder: string
  dimmed: boolean
}) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const touchStart = useRef<number | null>(null)
  const count = images.length
  const show = (next: number) => setIndex((next + count) % count)
  const imageClass = `aspect-[4/3] w-full rounded-lg bg-brand-50 object-cover ${dimmed ? 'opacity-60 grayscale' : ''}`

  if (count === 0) return <img src={placeholder} alt="" className={imageClass} />

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') show(index - 1)
    else if (event.key === 'ArrowRight') show(index + 1)
    else return
    event.preventDefault()
  }

  const arrow =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 shadow hover:bg-white'
  return (
    <section aria-roledescription="carousel" aria-label={t('listing-page.photos.label')}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the viewer takes arrow keys and swipes; its buttons do the same. */}
      <div
        className="relative outline-offset-2"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focused, the viewer takes the arrow keys.
        tabIndex={0}
        onKeyDown={onKeyDown}
        onTouchStart={(event) => {
          touchStart.current = event.touches[0]?.clientX ?? null
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current
          const end = event.changedTouches[0]?.clientX
          touchStart.current = null
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return
          show(end < start ? index + 1 : index - 1)
        }}
      >
        <img
          src={images[index]}
          alt={t('listing-page.photos.photo', { n: index + 1, total: count })}
          className={imageClass}
          data-testid="listing-photo"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              className={`${arrow} left-2`}
              aria-label={t('listing-page.photos.previous')}
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              className={`${arrow} right-2`}
              aria-label={t('listing-page.photos.next')}
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-2 flex gap-2">
          {images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('listing-page.photos.photo', { n: i + 1, total: count })}
                aria-current={i === index}
                className={`block overflow-hidden rounded-md ring-2 ${i === index ? 'ring-brand-700' : 'ring-transparent'}`}
              >
                <img src={thumbnails[i] ?? image} alt="" className="size-16 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
