import { describe, expect, it } from 'vitest';
import { chartScale, labelIndexes } from './chart-scale';

describe('the charts’ scale', () => {
  it('tops small counts with one gridline per unit', () => {
    expect(chartScale(0)).toEqual({ top: 1, ticks: [1] });
    expect(chartScale(3)).toEqual({ top: 3, ticks: [1, 2, 3] });
  });

  it('rounds larger counts up to about four round steps', () => {
    expect(chartScale(7)).toEqual({ top: 8, ticks: [2, 4, 6, 8] });
    expect(chartScale(37)).toEqual({ top: 40, ticks: [10, 20, 30, 40] });
    expect(chartScale(1234)).toEqual({ top: 1500, ticks: [500, 1000, 1500] });
  });

  it('labels the first and last day and evenly between', () => {
    expect(labelIndexes(3, 5)).toEqual([0, 1, 2]);
    expect(labelIndexes(30, 4)).toEqual([0, 10, 19, 29]);
    expect(labelIndexes(0, 4)).toEqual([]);
  });
});
