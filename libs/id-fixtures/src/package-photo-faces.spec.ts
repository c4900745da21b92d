import sharp from 'sharp';
import { PACKAGE_PHOTOS, packagePhotoFaces, packagePhotoPath } from './package-photo-faces';
import { peopleFromPackagePhotos } from './id-documents';

describe('the faces of the package photos', () => {
  it('lie inside their photos (the table still fits the pinned package)', async () => {
    for (const photo of PACKAGE_PHOTOS) {
      const { width = 0, height = 0 } = await sharp(packagePhotoPath(photo)).metadata();
      for (const { box } of packagePhotoFaces(photo)) {
        const [x, y, w, h] = box;
        expect(x >= 0 && y >= 0 && x + w <= width && y + h <= height && w > 0 && h > 0).toBe(true);
      }
    }
  });

  it('give one person per face large enough, each a head-and-shoulders JPEG', async () => {
    const people = await peopleFromPackagePhotos();
    expect(people).toHaveLength(18);
    const first = await sharp(people[0].face).metadata();
    expect(first.format).toBe('jpeg');
    expect(Math.min(first.width ?? 0, first.height ?? 0)).toBeGreaterThan(352);
    expect(await peopleFromPackagePhotos(300)).toHaveLength(15);
  });
});
