// The viewer fills its words.toml phrases with the site's one slot filler.
export { fill } from '../format/fill';
