// Diagrams drawn from content data as inline SVG at build time: a top-to-bottom flow of steps
// (how a service works) and a stack of layers (a solution's architecture). Both are narrow
// enough to read at phone width without scaling the text down much. Screen readers get the
// whole diagram as one image named by its title, described by a list of its parts.
import { wrapText } from './diagram-text';
import { useEdition } from './edition';

/** The width of both diagrams, in pixels. */
const width = 360;
const titleSize = 16;
const noteSize = 13;
const lineHeight = 19;

/** Top edges of boxes of the given heights stacked with `gap` between them, and the total height. */
function stack(heights: readonly number[], gap: number): { tops: number[]; total: number } {
  const tops = heights.map((_, index) =>
    heights.slice(0, index).reduce((sum, height) => sum + height + gap, 1),
  );
  const last = heights.length - 1;
  return { tops, total: (tops[last] ?? 1) + (heights[last] ?? 0) + 1 };
}

/** What names a diagram: the prefix of its elements' ids, and the title screen readers announce. */
interface DiagramName {
  id: string;
  title: string;
}

function Diagram({
  id,
  title,
  description,
  height,
  children,
}: DiagramName & {
  description: string;
  height: number;
  children: React.ReactNode;
}) {
  return (
    <figure className="diagram">
      <svg
        className="diagram__svg"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
    </figure>
  );
}

export interface FlowStep {
  title: string;
  text?: string | undefined;
}

/** Steps top to bottom, numbered, joined by arrows. */
export function FlowDiagram({ id, title, steps }: DiagramName & { steps: readonly FlowStep[] }) {
  const { marks } = useEdition();
  const textX = 68;
  const textWidth = width - textX - 18;
  const gap = 30;
  const measured = steps.map((step) => {
    const notes = step.text ? wrapText(step.text, noteSize, textWidth) : [];
    return {
      step,
      notes,
      height: 24 + titleSize + (notes.length ? 8 + notes.length * lineHeight : 0) + 16,
    };
  });
  const { tops, total: height } = stack(
    measured.map((box) => box.height),
    gap,
  );
  const boxes = measured.map((box, index) => ({ ...box, y: tops[index] ?? 0, index }));
  const description = steps
    .map(
      (step, index) =>
        `${index + 1}. ${step.title}${step.text ? `${marks.colon}${step.text}` : ''}`,
    )
    .join(marks.clauses);
  return (
    <Diagram id={id} title={title} description={description} height={height}>
      <defs>
        <marker
          id={`${id}-arrow`}
          viewBox="0 0 10 10"
          refX="5"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0 0 10 5 0 10z" className="diagram__arrowhead" />
        </marker>
      </defs>
      {boxes.map(({ step, notes, y: top, height: boxHeight, index }) => (
        <g key={step.title}>
          <rect
            className="diagram__box"
            x="1"
            y={top}
            width={width - 2}
            height={boxHeight}
            rx="12"
          />
          <circle className="diagram__badge" cx="36" cy={top + boxHeight / 2} r="17" />
          <text
            className="diagram__badge-text"
            x="36"
            y={top + boxHeight / 2 + 5}
            textAnchor="middle"
          >
            {index + 1}
          </text>
          <text className="diagram__title" x={textX} y={top + 24 + titleSize - 4}>
            {step.title}
          </text>
          {notes.map((line, lineIndex) => (
            <text
              key={lineIndex}
              className="diagram__note"
              x={textX}
              y={top + 24 + titleSize + 8 + (lineIndex + 1) * lineHeight - 5}
            >
              {line}
            </text>
          ))}
          {index < boxes.length - 1 ? (
            <line
              className="diagram__link"
              x1={36}
              y1={top + boxHeight + 3}
              x2={36}
              y2={top + boxHeight + gap - 6}
              markerEnd={`url(#${id}-arrow)`}
            />
          ) : null}
        </g>
      ))}
    </Diagram>
  );
}

export interface Layer {
  name: string;
  items: readonly string[];
}

/** Layers top to bottom (applications first, devices last): the layer's name, then its parts. */
export function LayerDiagram({ id, title, layers }: DiagramName & { layers: readonly Layer[] }) {
  const { marks } = useEdition();
  const padding = 14;
  const nameHeight = 30;
  const chipGap = 8;
  const chipHeight = 36;
  const chipWidth = (width - 2 - padding * 2 - chipGap) / 2;
  const heights = layers.map((layer) => {
    const rows = Math.ceil(layer.items.length / 2);
    return padding + nameHeight + rows * chipHeight + (rows - 1) * chipGap + padding;
  });
  const { tops, total: height } = stack(heights, 12);
  const description = layers
    .map((layer) => `${layer.name}${marks.colon}${layer.items.join(marks.list)}`)
    .join(marks.clauses);
  return (
    <Diagram id={id} title={title} description={description} height={height}>
      {layers.map((layer, index) => {
        const top = tops[index] ?? 0;
        return (
          <g key={layer.name}>
            <rect
              className={`diagram__layer diagram__layer--${index % 4}`}
              x="1"
              y={top}
              width={width - 2}
              height={heights[index] ?? 0}
              rx="12"
            />
            <text className="diagram__layer-name" x={padding + 1} y={top + padding + 17}>
              {layer.name}
            </text>
            {layer.items.map((item, itemIndex) => {
              const x = 1 + padding + (itemIndex % 2) * (chipWidth + chipGap);
              const chipY =
                top + padding + nameHeight + Math.floor(itemIndex / 2) * (chipHeight + chipGap);
              return (
                <g key={item}>
                  <rect
                    className="diagram__chip"
                    x={x}
                    y={chipY}
                    width={chipWidth}
                    height={chipHeight}
                    rx="8"
                  />
                  <text
                    className="diagram__chip-text"
                    x={x + chipWidth / 2}
                    y={chipY + chipHeight / 2 + 5}
                    textAnchor="middle"
                  >
                    {item}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </Diagram>
  );
}
