/** The requests bench/listings.bench.ts times and bench/listings-explain.ts explains: [name, url]. */
export const LISTING_QUERIES: [string, string][] = [
  ['newest, page 1', '/api/listings'],
  ['newest, page 50', '/api/listings?page=50'],
  ['search "curry"', '/api/listings?q=curry'],
  ['search "Bread" + category bakery', '/api/listings?q=Bread&category=bakery'],
  ['type half-price + city "Kandy"', '/api/listings?type=half-price&city=Kandy'],
  ['sort expiry', '/api/listings?sort=expiry'],
  ['sort distance near Galle', '/api/listings?sort=distance&near=Galle'],
  ['near Colombo Fort, 10 km', '/api/listings?near=6.9344,79.8428&sort=distance'],
  ['near Dehiwala, 2 km', '/api/listings?near=6.8511,79.8659&radiusKm=2&sort=distance'],
  ['near Kandy, 25 km, page 3', '/api/listings?near=7.2906,80.6337&radiusKm=25&sort=distance&page=3'],
  ['near Galle, 100 km', '/api/listings?near=6.0535,80.221&radiusKm=100&sort=distance'],
  ['near Jaffna, 10 km, search "curry"', '/api/listings?near=9.6615,80.0255&q=curry&sort=distance'],
  ['available only, sort expiry', '/api/listings?availability=available&sort=expiry'],
  ['sort type, size 50', '/api/listings?sort=type&size=50'],
  ['distinct cities', '/api/listings/cities'],
  ['home page figures', '/api/home'],
]
