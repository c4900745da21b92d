import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type HandoffRedeemed, type RedeemHandoffRequest, SUBJECTS } from '@idv/contracts';
import { RedeemHandoffRequestSchema } from '@idv/contracts/catalogue';
import { ApiErrors } from '../http/api-error.dto';
import { ParseBodyPipe } from '../http/parse-body.pipe';
import { ServiceClient } from '../nats/service-client';
import { HandoffRedeemedDto, RedeemHandoffDto } from '../http/api-schemas';

/** The device that opened a handoff link takes the place. The code travels in the body, never in a logged path. */
@ApiTags('sessions')
@ApiSecurity('api-key')
@Controller('handoffs')
export class HandoffsController {
  constructor(private readonly services: ServiceClient) {}

  @Post('redeem')
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeem a handoff code: this device gets the place and a new token; the code is spent' })
  @ApiBody({ type: RedeemHandoffDto })
  @ApiOkResponse({ type: HandoffRedeemedDto })
  @ApiErrors(400, 401, 403, 404, 409, 410, 429, 503, 504)
  redeem(@Body(new ParseBodyPipe(RedeemHandoffRequestSchema)) body: RedeemHandoffRequest): Promise<HandoffRedeemed> {
    return this.services.request(SUBJECTS.sessions.redeemHandoff, body);
  }
}
