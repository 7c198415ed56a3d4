// "用我的场馆试一试" (issue #32): the upload form's props, its words from content/venues/words.toml.
import type { Content } from '../content/types';
import type { BuildingUploadProps } from '../islands/building-upload';

export function buildingUploadProps(content: Content): BuildingUploadProps {
  return { words: content.venues.words.upload };
}
