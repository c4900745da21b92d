import { ApiProperty } from '@nestjs/swagger';

export class VerificationSubmissionDto {
  @ApiProperty({ example: 'Ana María Pérez López', description: 'Full legal name as on the document' }) realName!: string;
  @ApiProperty({ description: 'Data URL (JPEG, PNG or WebP), at most 5 MB decoded' }) idDocumentFront!: string;
  @ApiProperty({ description: 'Data URL (JPEG, PNG or WebP), at most 5 MB decoded' }) idDocumentBack!: string;
  @ApiProperty({ description: 'Data URL of a JPEG camera capture' }) selfie!: string;
  @ApiProperty({ example: '', description: 'Always empty' }) proofOfLife!: string;
}

export class SubmissionAcceptedDto {
  @ApiProperty({ example: true }) accepted!: boolean;
}
