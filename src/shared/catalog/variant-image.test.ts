import { describe, expect, it } from 'vitest';
import { selectionImageId } from './variant-image.ts';

const shirt = [
  { attributes: { Size: 'S', Colour: 'Sand' }, imageId: 'sand' },
  { attributes: { Size: 'M', Colour: 'Sand' }, imageId: 'sand' },
  { attributes: { Size: 'S', Colour: 'Indigo' }, imageId: 'indigo' },
  { attributes: { Size: 'M', Colour: 'Indigo' }, imageId: 'indigo' },
];
const names = ['Size', 'Colour'];

describe('selectionImageId', () => {
  it('shows the colour’s image as soon as the colour is chosen', () => {
    expect(selectionImageId(shirt, names, { Colour: 'Indigo' })).toBe('indigo');
    expect(selectionImageId(shirt, names, { Size: 'S', Colour: 'Sand' })).toBe('sand');
  });

  it('shows nothing new while the possible variants disagree or nothing is chosen', () => {
    expect(selectionImageId(shirt, names, { Size: 'S' })).toBeUndefined();
    expect(selectionImageId(shirt, names, {})).toBeUndefined();
    expect(selectionImageId(shirt, names, { Size: '', Colour: '' })).toBeUndefined();
  });

  it('shows nothing for variants without an image of their own', () => {
    const plain = shirt.map(({ attributes }) => ({ attributes }));
    expect(selectionImageId(plain, names, { Colour: 'Indigo' })).toBeUndefined();
    expect(selectionImageId(shirt, names, { Colour: 'Olive' })).toBeUndefined();
  });
});
