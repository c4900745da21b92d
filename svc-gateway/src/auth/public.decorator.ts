import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** A route that needs no API key (health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
