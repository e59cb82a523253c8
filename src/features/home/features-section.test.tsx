import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeaturesSection } from './features-section';

describe('FeaturesSection', () => {
  it('"Get Started" books the free 20-minute call; the plans are one link away', () => {
    render(
      <MemoryRouter>
        <FeaturesSection servicesAnchor="#services" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Star with a basic Assesment' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/checkout?service=1000',
    );
    expect(screen.getByRole('link', { name: 'See the services and prices' })).toHaveAttribute(
      'href',
      '#services',
    );
  });
});
