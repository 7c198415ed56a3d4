// Islands' HTML kept from one build to the next. An island's HTML is a function of its name and
// props (the browser hydrates it from those props alone), so editing mode (scripts/dev), which
// renders every page again on each save, need not render again the islands an edit did not
// change: all but a few of the 713 a build renders. Two generations, the last build's and this
// one's, so the cache never holds more than two builds' islands. What it saves a rebuild is in
// bench/README.md (editing mode).
import type { IslandRenderer, PageIslandRenderer } from '../src/islands/render';

export class IslandCache {
  private last = new Map<string, string>();
  private current = new Map<string, string>();
  private renderer: IslandRenderer | undefined;

  /**
   * The renderer for one build: `render` itself, answering again from the cache what the last
   * build or this one rendered with the same renderer, by the island's name and the props' JSON
   * the page made anyway.
   */
  forBuild(render: IslandRenderer): PageIslandRenderer {
    // A rebuilt bundle brings a new renderer, whose HTML may differ for the same props.
    this.last = this.renderer === render ? this.current : new Map();
    this.current = new Map();
    this.renderer = render;
    const { last, current } = this;
    return (name, props, json) => {
      const key = `${name}\n${json}`;
      const html = current.get(key) ?? last.get(key) ?? render(name, props);
      current.set(key, html);
      return html;
    };
  }
}
