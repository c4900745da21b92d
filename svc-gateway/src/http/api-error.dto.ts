import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_HTTP_STATUS, type ErrorCode, VALIDATION_CODES, type ValidationCode } from '@idv/contracts';

export class ApiErrorDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  @ApiProperty({ example: 'Please enter a valid email address' }) message!: string;
  @ApiProperty({ enum: ERROR_CODES, example: 'validation_failed' }) code!: ErrorCode;
  @ApiProperty({
    required: false,
    type: Object,
    additionalProperties: { type: 'string' },
    example: { 'participants[1].email': 'Please enter a valid email address' },
  })
  fields?: Record<string, string>;
  @ApiProperty({
    required: false,
    type: Object,
    description: "For a field that broke one of the product's rules, that rule's code: a client words it in its own language without reading `fields`.",
    additionalProperties: { type: 'string', enum: VALIDATION_CODES },
    example: { 'participants[1].email': 'email_invalid' },
  })
  fieldCodes?: Record<string, ValidationCode>;
}

/** The text of an error status in the OpenAPI document: each code answered with it, and what it means. */
export function statusDescription(status: number): string {
  return ERROR_CODES.filter((code) => ERROR_HTTP_STATUS[code] === status)
    .map((code) => `${code}: ${ERROR_DESCRIPTIONS[code]}`)
    .join('; ');
}

/** Documents the error answers a route can give, all in the `ApiErrorDto` shape. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: statusDescription(status), type: ApiErrorDto })));
}
