import 'reflect-metadata';
import { Body, Controller, Get, Headers, HttpCode, Module, Param, Post, Query } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { Access, Public } from '../common/auth/access.decorator.js';
import { ApiOperation, ApiTag } from './api-operation.decorator.js';
import { buildOpenApiDocument } from './build-document.js';
import { controllersOf, routesOf } from './collect-routes.js';
import { dtoSchemas } from './request-schemas.js';
import { arrayOf, named, nullable, object, str, uuid } from './schema.js';

class CreateWidgetDto {
  @IsString()
  @Length(1, 40)
  name!: string;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(9)
  size?: number;
}

class ListWidgetsDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  limit?: number;
}

const Part = named('WidgetPart', object({ id: uuid() }));
const Widget = named('Widget', object({ id: uuid(), name: str(), parts: arrayOf(Part), parent: nullable(Part) }));

@ApiTag({ name: 'widgets', description: 'Widgets.' })
@Controller('v1/widgets')
@Access('agent')
class WidgetsController {
  @Post()
  @ApiOperation({
    id: 'createWidget',
    summary: 'Create a widget',
    params: { 'Idempotency-Key': 'the same key again is the same widget' },
    responses: { 201: { description: 'Created.', body: object({ widget: Widget }) } },
  })
  create(@Body() _dto: CreateWidgetDto, @Headers('idempotency-key') _key?: string) {
    return null;
  }

  @Get()
  @ApiOperation({ id: 'listWidgets', summary: 'List widgets', responses: { 200: { description: 'A page.', body: object({ data: arrayOf(Widget) }) } } })
  list(@Query() _query: ListWidgetsDto) {
    return null;
  }

  @Get(':id')
  @ApiOperation({
    id: 'getWidget',
    summary: 'One widget',
    params: { id: 'widget id' },
    errors: { 404: 'NotFound' },
    responses: { 200: { description: 'It.', body: object({ widget: Widget }) } },
  })
  get(@Param('id') _id: string) {
    return null;
  }
}

@Module({ controllers: [WidgetsController] })
class WidgetsModule {}

const build = (...controllers: Parameters<typeof routesOf>[0][]) =>
  buildOpenApiDocument({ routes: controllers.flatMap(routesOf), serverLevel: [], dtos: dtoSchemas(), examples: [] });

describe('the OpenAPI document, generated from the routes', () => {
  const doc = build(WidgetsController);

  it('finds controllers through the module tree, dynamic modules included', () => {
    expect(controllersOf({ module: class Root {}, imports: [WidgetsModule, { module: class Empty {}, controllers: [] }] })).toEqual([WidgetsController]);
  });

  it('reads the request body from the DTO that the ValidationPipe runs, closed to other fields', () => {
    const post = doc.paths['/v1/widgets']!.post!;
    expect(post.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CreateWidget' });
    expect(doc.components.schemas.CreateWidget).toEqual({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 40 }, size: { type: 'integer', minimum: 0, maximum: 9 } },
      required: ['name'],
      additionalProperties: false,
    });
    // A body can fail validation or be too large; the access rule makes it secured.
    expect(Object.keys(post.responses)).toEqual(['201', '400', '401', '403', '413']);
    expect(post.security).toBeUndefined();
    expect(post['x-access']).toEqual(['agent']);
  });

  it('turns a query DTO into query parameters and names header parameters the route reads', () => {
    expect(doc.paths['/v1/widgets']!.get!.parameters).toEqual([{ name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1 } }]);
    expect(doc.paths['/v1/widgets']!.post!.parameters).toEqual([
      { name: 'Idempotency-Key', in: 'header', required: false, description: 'the same key again is the same widget', schema: { type: 'string' } },
    ]);
  });

  it('hoists named schemas into components wherever they are used', () => {
    expect(doc.components.schemas.Widget).toMatchObject({
      properties: {
        parts: { items: { $ref: '#/components/schemas/WidgetPart' } },
        parent: { anyOf: [{ $ref: '#/components/schemas/WidgetPart' }, { type: 'null' }] },
      },
    });
    expect(doc.paths['/v1/widgets/{id}']!.get!.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: 'widget id', schema: { type: 'string', format: 'uuid' } },
    ]);
    expect(doc.paths['/v1/widgets/{id}']!.get!.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
  });

  it('refuses a route without @ApiOperation, naming it', () => {
    @ApiTag({ name: 'widgets', description: 'Widgets.' })
    @Controller('v1/gadgets')
    @Public()
    class GadgetsController {
      @Get()
      list() {
        return null;
      }
    }
    expect(() => build(GadgetsController)).toThrow('GadgetsController.list (GET /v1/gadgets) has no @ApiOperation');
  });

  it('refuses a route that does not say who may call it', () => {
    @ApiTag({ name: 'widgets', description: 'Widgets.' })
    @Controller('v1/gadgets')
    class OpenByMistakeController {
      @Get()
      @ApiOperation({ id: 'listGadgets', summary: 'List', responses: { 200: { description: 'Them.' } } })
      list() {
        return null;
      }
    }
    expect(() => build(OpenByMistakeController)).toThrow('OpenByMistakeController.list has no access rule');
  });

  it('refuses an undocumented default status and an undescribed path parameter', () => {
    @ApiTag({ name: 'widgets', description: 'Widgets.' })
    @Controller('v1/gadgets')
    @Public()
    class PokeController {
      @Post(':id/poke')
      @HttpCode(202)
      @ApiOperation({ id: 'pokeGadget', summary: 'Poke', params: { id: 'gadget id' }, responses: { 200: { description: 'Poked.' } } })
      poke(@Param('id') _id: string) {
        return null;
      }
    }
    @ApiTag({ name: 'widgets', description: 'Widgets.' })
    @Controller('v1/gadgets')
    @Public()
    class GadgetController {
      @Get(':id')
      @ApiOperation({ id: 'getGadget', summary: 'One', responses: { 200: { description: 'It.' } } })
      get(@Param('id') _id: string) {
        return null;
      }
    }
    expect(() => build(PokeController)).toThrow('PokeController.poke: answers 202, which its @ApiOperation does not document');
    expect(() => build(GadgetController)).toThrow('GadgetController.get: path parameter id needs a description in @ApiOperation params');
  });

  // Last: the DTO it declares stays in class-validator's global storage for this file.
  it('refuses a pattern with flags, which JSON Schema cannot express', () => {
    class FlaggedDto {
      @Matches(/^[a-z]+$/i)
      code!: string;
    }
    void FlaggedDto;
    expect(() => dtoSchemas()).toThrow('FlaggedDto.code: @Matches(/^[a-z]+$/i) has flags');
  });
});
