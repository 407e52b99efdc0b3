import { IsObject } from 'class-validator';

/** `POST /v1/templates/render`: a template send object (`{name, language: {code}, components}`). */
export class RenderTemplateDto {
  @IsObject()
  template!: Record<string, unknown>;
}
