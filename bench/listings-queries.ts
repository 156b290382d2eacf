/** The requests bench/listings.bench.ts times and bench/listings-explain.ts explains: [name, url]. */
export const LISTING_QUERIES: [string, string][] = [
  ['newest, page 1', '/api/listings'],
  ['newest, page 50', '/api/listings?page=50'],
  ['search "curry"', '/api/listings?q=curry'],
  ['search "Bread" + category bakery', '/api/listings?q=Bread&category=bakery'],
  ['type half-price + city "Kandy"', '/api/listings?type=half-price&city=Kandy'],
  ['sort expiry', '/api/listings?sort=expiry'],
  ['sort distance near Galle', '/api/listings?sort=distance&near=Galle'],
  ['available only, sort expiry', '/api/listings?availability=available&sort=expiry'],
  ['sort type, size 50', '/api/listings?sort=type&size=50'],
  ['distinct cities', '/api/listings/cities'],
  ['home page figures', '/api/home'],
]
